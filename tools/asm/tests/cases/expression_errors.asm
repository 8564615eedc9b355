        db 1/0                  ; error: division by zero
        db 5 % (2-2)            ; error: division by zero
        db 1 << 64              ; error: shift by 64
        db (1+2                 ; error: expected `)`
        db 1 2                  ; error: expected an operator
        db a+1                  ; error: `a` is a register
        db 'ab'+1               ; error: exactly one character
        db 256                  ; error: byte value 256 is out of range -128..=255
        db -129                 ; error: byte value -129
        dw 65536                ; error: word value 65536
        dw -32769               ; error: word value
        db 0 && 1/0, 1 || 1/0
        db x %10                ; error: expected an operator
x       equ 3
        db and &0F              ; error: reserved word
