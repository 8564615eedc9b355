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

; tt_clear: every slot empty. Trashes AF, BC, DE, HL.
tt_clear:
tt_p_clear_info:
        ld h,TT_INFO/256
tt_p_clear_pages:
        ld a,TT_ENTRIES/256
tt_clear_page:                  ; a page at a time: the interrupts wait for 255 LDIR steps
                                ; (1.3 ms, less than the 3.3 ms between two)
        ld l,0
        ld d,h
        ld e,1
        ld bc,&7F00+GA_RAM_TABLE
        di
        out (c),c
        ld (hl),0
        ld bc,255
        ldir
        ld bc,&7F00+GA_RAM_NORMAL
        out (c),c
        ei
        inc hl
        dec a
        jr nz,tt_clear_page
        ret

