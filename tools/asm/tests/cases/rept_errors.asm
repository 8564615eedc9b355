        rept -1                 ; error: REPT count -1 is negative
        endr
        endr                    ; error: ENDR without REPT
        rept 100000000          ; error: assembly stopped
        endr
