        jr far                  ; error: out of range
        ld a,(ix+128)           ; error: out of range
        ld a,(iy-129)           ; error: out of range
        ld a,256                ; error: out of range
        im 3                    ; error: interrupt mode 3
        rst 7                   ; error: rst
        ld b,(5)                ; error: does not take these operands
        ld hl,bc                ; error: does not take these operands
        ld a,b+1                ; error: `b` is a register, not a value
        ld a,(hl+1)             ; error: `hl` is a register, not a value
        push                    ; error: does not take these operands
        org &4100
far:    nop
