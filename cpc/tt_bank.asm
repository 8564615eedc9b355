; tt_bank.asm - the transposition table's RAM configuration (tt.asm): switching the 6128's
; block 7 back out after an access, and clearing the table.

; tt_bank_off: RAM configuration 0 again (the screen at &C000), the interrupts on: the end of
; each access of tt_probe and tt_store, which select configuration 1 with the interrupts off
; (a 464 ignores both). Keeps F, DE, HL; trashes BC.
tt_bank_off:
        ld bc,&7F00+GA_RAM_NORMAL
        out (c),c
        ei
        ret

; tt_clear: every slot empty, 32 bytes of TT_INFO at a time: the interrupts wait for 31 LDIR
; steps (0.2 ms) at most, so the one inside VSYNC still finds it (irq_handler tests VSYNC, which
; lasts about 0.5 ms after the interrupt). Trashes AF, BC, DE, HL.
tt_clear:
tt_p_clear_info:
        ld hl,TT_INFO
tt_p_clear_pages:
        ld a,8*(TT_ENTRIES/256) ; the pieces of 32 bytes
tt_clear_piece:
        ld d,h
        ld e,l
        inc e
        ld bc,&7F00+GA_RAM_TABLE
        di
        out (c),c
        ld (hl),0
        ld bc,31
        ldir
        ld bc,&7F00+GA_RAM_NORMAL
        out (c),c
        ei
        inc hl
        dec a
        jr nz,tt_clear_piece
        ret
