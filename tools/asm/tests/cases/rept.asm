        rept 3                  ; = 01 01 01
        db 1
        endr
        repeat 2                ; = 02 02
        db 2
        rend
n = 0
        rept 4                  ; = 01 02 03 04
n = n + 1
        db n
        endr
        rept 0                  ; =
        db 9
        endr
        rept 2                  ; = 09 00 0B 00
@x:     dw @x
        endr
