early   equ 1
        if 1
        db 1                    ; = 01
        else
        db 2
        endif
        if 0
        db 3
        else
        db 4                    ; = 04
        endif
        if 0
        if 1
        db 5
        else
        db 6
        endif
        endif
        IF later == 3
        db 7                    ; = 07
        ENDIF
        ifdef early
        db 8                    ; = 08
        endif
        ifdef later
        db 9
        endif
        ifndef nothing
        db 10                   ; = 0A
        endif
        ifndef early
        db 11
        endif
        if 0
        db 1/0
        ifdef ??? junk
        endif
        endif

later   equ 3
        db 1, 2                 ; = 01 02
        if $ == 7
        db &77                  ; = 77
        endif
        rept $ - 7              ; = 00
        db 0
        endr
