        include "missing.inc"   ; error: file `missing.inc` not found
        include "self.asm"
        include missing         ; error: expects a file name in quotes
        include "inc_errors_sub.inc"
;; file: self.asm
        include "self.asm"      ; error: include cycle
;; file: inc_errors_sub.inc
        db 1/0                  ; error: division by zero
