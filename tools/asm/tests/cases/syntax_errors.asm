        mov a, b                ; error: unknown instruction `mov`
        ld a,                   ; error: expected a value after `,`
        ld (ix*2),a             ; error: expected `+`, `-` or `)` after `ix`
        ld a,()                 ; error: empty parentheses
        ld a,(a)                ; error: `(a)` is not an operand
        123                     ; error: expected an instruction, a directive or a label
        db 1 : : db 2 : 5       ; error: expected an instruction
        org                     ; error: takes 1 value
        endif junk              ; error: takes no arguments ; error: ENDIF without IF
