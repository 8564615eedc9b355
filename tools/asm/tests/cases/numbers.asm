; Every number form of WinAPE / Maxam / RASM.
        db &1F          ; = 1F
        db #1F          ; = 1F
        db $1F          ; = 1F
        db 0x1F, 0X1f   ; = 1F 1F
        db 1Fh, 0ffH    ; = 1F FF
        db 31           ; = 1F
        db %1010        ; = 0A
        db 0b1010       ; = 0A
        db 'a', "A"     ; = 61 41
        dw &ABCD, 65535 ; = CD AB FF FF
