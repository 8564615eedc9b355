        macro boom
        boom                    ; error: nested more than 64 deep ; error: assembly stopped after 100000 macro expansions
        boom                    ; error: nested more than 64 deep
        endm
        boom
