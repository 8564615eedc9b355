        macro boom
        boom                    ; error: nested more than 64 deep ; error: assembly stopped after 50000 macro expansions
        boom                    ; error: nested more than 64 deep
        endm
        boom
