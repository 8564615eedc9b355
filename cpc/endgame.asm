; endgame.asm - the exact endgame of levels 3 and up (docs/ai.md 4.3, X(pos)): the alpha-beta
; of alphabeta.asm run without a depth limit, a finished game scored as its WOF disc
; difference. The mode is chosen once, at the root (search.asm), and never switches.
;
;   eg_exact_mode   finished games score d; A = a depth no exact search reaches (a game from
;                   20 empty squares has at most 41 plies, passes included).
;   eg_depth_mode   finished games score WIN + d, 0 or -WIN + d (docs/ai.md 3.4).
;
; Move order in the endgame (alphabeta.asm ab_gen): fastest first (fewest replies for the
; opponent) while more than AB_ORDER_EMPTIES squares are empty, list order below.

AB_EXACT_DEPTH  equ 200

eg_exact_mode:
        ld hl,&8000
        ld (ab_win),hl
        ld (ab_loss),hl
        ld a,AB_EXACT_DEPTH
        ret

eg_depth_mode:
        ld hl,&8000+WIN
        ld (ab_win),hl
        ld hl,&8000-WIN
        ld (ab_loss),hl
        ret
