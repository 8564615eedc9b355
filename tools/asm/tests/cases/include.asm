        org &4000
        include "sub.inc"       ; = 01 02 03
        db sub_value            ; = 07
        read "sub2.inc"         ; = 09
        db low(after)           ; = 05
;; file: sub.inc
sub_value equ 7
        db 1, 2
        db 3
;; file: sub2.inc
        db 9
after:
