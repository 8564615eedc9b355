        incbin "data.bin", 6            ; error: INCBIN offset 6 is out of range 0..=5
        incbin "data.bin", 1, 5         ; error: INCBIN length 5 is out of range 0..=4
        incbin "nothere.bin"            ; error: not found
        incbin "data.bin" 1             ; error: expected `,` after the file name
;; file: data.bin.hex
10 11 12 13 14
