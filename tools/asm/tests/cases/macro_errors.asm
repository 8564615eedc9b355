        macro one val
        db val
        endm
        one                     ; error: takes 1 argument(s), found 0
        one 1, 2                ; error: takes 1 argument(s), found 2
        macro one w             ; error: macro `one` is defined twice
        endm
        macro ld                ; error: reserved word
        endm
        macro rec
        rec                     ; error: macro `rec` nested more than 64 deep
        endm
        rec
        macro bad, 1            ; error: must be a name
        endm
        endm                    ; error: ENDM without MACRO
        macro open              ; error: MACRO without ENDM
