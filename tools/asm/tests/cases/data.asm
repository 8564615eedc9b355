; DB and its aliases mix strings and values; DW and aliases; DS with and without fill.
        db "AB", 1, 'C', "", 2  ; = 41 42 01 43 02
        defb 1                  ; = 01
        byte 2                  ; = 02
        dm "hi"                 ; = 68 69
        defm 'yo', 0            ; = 79 6F 00
        DB "a;b:c"              ; = 61 3B 62 3A 63
        db "x" + 1              ; = 79
        dw 1, &1234             ; = 01 00 34 12
        defw -1                 ; = FF FF
        word 'A'                ; = 41 00
        ds 3                    ; = 00 00 00
        defs 2, &E5             ; = E5 E5
        ds 0                    ; =
        db -128, 255            ; = 80 FF
