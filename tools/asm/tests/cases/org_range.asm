        org &10000              ; error: address 65536 is out of range
        org -1                  ; error: address -1
        org &FFFF
        db 1, 2                 ; error: runs past &FFFF
        org 1, 2                ; error: takes 1 value
