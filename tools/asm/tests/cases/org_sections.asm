        org &4000
        db 1, 2                 ; = 01 02
        org &4010
        db 3                    ; = 03
        org &4002
        db 4                    ; = 04
        org $+2
        db low($)               ; = 05
