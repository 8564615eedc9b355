        org &4001
        align 4                 ; = 00 00 00
        db low($)               ; = 04
        align 4                 ; = 00 00 00
        align 8, &FF            ; =
        db 1                    ; = 01
        align 2, &E5            ; = E5
        align 1                 ; =
