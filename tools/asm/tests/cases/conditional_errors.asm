        else                    ; error: ELSE without IF
        endif                   ; error: ENDIF without IF
        if 1
        else
        else                    ; error: a second ELSE
        endif
        if 1/0                  ; error: division by zero
        endif
        ifdef                   ; error: expects one symbol name
        endif
        if 1 : nop              ; error: must be alone on its line
        endif
        if 1                    ; error: IF without ENDIF
