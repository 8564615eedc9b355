        align 0                 ; error: ALIGN boundary 0
        align &10001            ; error: ALIGN boundary 65537
        align nowhere           ; error: undefined symbol `nowhere`
        ds nowhere2             ; error: undefined symbol `nowhere2`
        align 2, 300            ; error: fill byte 300
