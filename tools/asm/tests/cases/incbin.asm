        incbin "data.bin"               ; = 10 11 12 13 14
        incbin "data.bin", 2            ; = 12 13 14
        incbin "data.bin", 1, 3         ; = 11 12 13
        incbin "data.bin", 5            ; =
;; file: data.bin.hex
10 11 12 13 14
