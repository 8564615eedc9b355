        db 12x          ; error: invalid number `12x`
        db &            ; error: expected a value
        db #xyz         ; error: `#` must be followed by hexadecimal digits
        db 0b102        ; error: invalid number
        db 99999999999999999999 ; error: too large
        db %2           ; error: expected a value
        db "abc         ; error: unterminated string
        db 1 ` 2        ; error: unexpected character
