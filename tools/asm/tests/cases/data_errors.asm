        db                      ; error: needs at least one value
        dw                      ; error: needs at least one value
        db 1,                   ; error: expected a value after `,`
        db ,1                   ; error: expected a value before `,`
        ds                      ; error: takes 1 to 2 value(s)
        ds -1                   ; error: DS size -1 is out of range
        ds 1, 256               ; error: fill byte 256
        ds 1, 2, 3              ; error: takes 1 to 2 value(s)
        db "€"                  ; error: has no 8-bit code
