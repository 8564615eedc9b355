; The program the DSK acceptance test runs on the real firmware (MAME, tests/dsk_mame.rs):
; it fills the screen with a pattern of all four pens and then copies a marker to &9000,
; without any firmware call, so the test sees both on screen and in RAM.
        org &4000
start:  di
        ld hl,&c000
fill:   ld (hl),l               ; each screen byte gets its address's low byte
        inc hl
        ld a,h
        or a
        jr nz,fill              ; HL wraps from &FFFF to 0 at the end of the screen
        ld hl,marker
        ld de,&9000
        ld bc,4
        ldir                    ; the last byte (&A5) lands last: the test waits for it
hang:   jr hang
marker: db "DSK",&a5
