; MACRO/ENDM in the WinAPE/sjasm and the RASM spellings, parameters by name and in braces,
; macro-local @labels, nested calls.
        org &4000
        macro pair a1, a2
        db a1, {a2}
        endm
twice   macro v
        pair v, v+1
@here:  dw @here
        mend
        macro noargs
        db &EE
        endm
        pair 1, 2               ; = 01 02
        twice 5                 ; = 05 06 04 40
        twice 7                 ; = 07 08 08 40
        noargs                  ; = EE
        pair (1+2)*2, 'x'       ; = 06 78
lbl:    noargs                  ; = EE
        db low(lbl)             ; = 0D
        MACRO spill count
        rept count
        db count
        endr
        ENDM
        spill 3                 ; = 03 03 03
