; Layout that depends on later values takes more than two passes, and settles.
        org &4000
        ds size_b               ; = 00 00 00
        if end_ > &4004
        db 1                    ; = 01
        endif
        align 4                 ; =
size_b  equ 3
        db 2                    ; = 02
end_:
