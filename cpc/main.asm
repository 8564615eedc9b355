; main.asm - Othello for the Amstrad CPC 464/6128, after Robin Nixon's 1986 game.
;
; The top file: it places the program and includes every part. Assemble this file; the
; others are only included. `cpc-othello build` also supplies weights.inc (included by
; eval.asm), generated from cpc/weights.toml, and book.inc (included by book.asm), generated
; from cpc/book.txt; cpc/README.md tells how to assemble by hand.
;
; RUN"OTHELLO loads OTHELLO.BIN at LOAD_ADDRESS and starts it there (at `start`). After
; that the program owns the machine (startup.asm), so everything from the end of the
; program up to the stack at &C000 is free RAM.
;
; Parts:   startup.asm   machine set-up, interrupt handler, frame counter
;          ui.asm        the game's state machine and the state the test harness reads
;          history.asm   the game's start position and record, taking moves back
;          replay.asm    the replay (R): the game again ply by ply, play on from any of them
;          advice.asm    the AI for the UI: move now, the hint, the per-move scores
;          clock.asm     the chess clocks
;          setup.asm     handicap corners and setting up a position
;          screen.asm    the board, discs and cursor
;          panel.asm     the text panel and help line
;          font.asm      the 8x8 font and text drawing
;          keyboard.asm  the key matrix and key presses
;          board.asm     the board, legal moves, making moves (and moves.asm: the deep
;                        searches' empty-cell list, mobility, make and undo)
;          make_unweighted.asm the deep searches' make without weights
;          eval.asm      the evaluation (and weights.inc)
;          search.asm    the searches of the levels (levels 1, 2; the root of 3 and up)
;          alphabeta.asm the alpha-beta of levels 3 and up
;          endgame.asm   the exact endgame mode (and last_moves.asm: its nodes with three
;                        and two empty squares)
;          tt.asm        the transposition table of the deep searches (zobrist.asm: its
;                        random keys)
;          budget.asm    the time manager of the deep searches
;          ai.asm        the AI entry point
;          book.asm      the opening book of levels 3 and up (and book.inc)
;          boot.asm      what start runs once (CRTC, PSG, the screen's tables), after the
;                        program's end

LOAD_ADDRESS    equ &1000           ; above BASIC's input buffer, far below HIMEM (&A67B)

; Sizes that buffers in several parts are reserved with: a DS size must be known where it is
; reached (RASM assembles in one pass for DS, ORG, IF and ALIGN), so they come first.
PV_MAX          equ 20              ; the longest PV: depth <= 12 plies, exact from <= 20 empties
AI_PV_MAX       equ PV_MAX          ; ai_pv and hint_pv (ai.asm, advice.asm)
LOW_VARS        equ &0040           ; the AI's scratch variables, below EL_LIST (search.asm's
                                    ; memory map): eval.asm's, search.asm's, alphabeta.asm's,
                                    ; ai.asm's and book.asm's, one after the other

        org LOAD_ADDRESS

        include "startup.asm"       ; first: `start` is the entry point at LOAD_ADDRESS
        include "ui.asm"
        include "history.asm"
        include "replay.asm"
        include "advice.asm"
        include "clock.asm"
        include "setup.asm"
        include "screen.asm"
        include "panel.asm"
        include "font.asm"
        include "keyboard.asm"
        include "board.asm"
        include "eval.asm"
        include "search.asm"
        include "alphabeta.asm"
        include "endgame.asm"
        include "make_unweighted.asm"        ; the make without weights (after the mailbox: room)
        include "tt.asm"            ; the transposition table of the deep searches
        include "tt_bank.asm"       ; its RAM configuration (the 6128's block 7)
        include "budget.asm"        ; the time manager of the deep searches
        include "ai.asm"
        include "book.asm"          ; the opening book lookup (and book.inc)
        include "mtd.asm"           ; the exact endgame's root probes
        include "linetab.asm"       ; the leaf's line tables (and linetab.inc)
        include "last_moves.asm"    ; the exact endgame's nodes with three and two squares

program_end:                        ; must stay at or below FRAMES, where the search's RAM
                                    ; starts (search.asm)

; Read once, by tt_init at the first search, or run once, by start, before the search RAM
; they lie in is used: they need no room of their own. The file ends here (RUN" allows up to
; &A67B).
        include "zobrist.asm"       ; the random position keys of the table (tt.asm)
        include "boot.asm"          ; the machine's and the screen's set-up (startup.asm)
        include "edgetab.asm"       ; the edge table into block 7 on a 6128 (and edgetab.inc)
image_end:

        if program_end/(FRAMES+1)   ; program_end > FRAMES: no instruction has this name
        the_program_runs_into_the_search_ram
        endif
        if image_end/&A67C          ; beyond HIMEM: RUN" would not load it
        the_program_file_runs_past_himem
        endif
        if ei_digits-ei_zeros-1     ; edge_install clears ei_zeros and ei_digits as one block
        the_edge_install_run_count_moved
        endif
        if ei_swap-ei_rev-2         ; and steps the three relatives' words as one block
        the_edge_install_relatives_moved
        endif
        if ei_both-ei_swap-2
        the_edge_install_relatives_moved
        endif
        if 38/(FRAME_COUNT+1)       ; a solve from 20 empty squares writes 38 frames (docs/ai.md
        the_frames_are_too_few      ; appendix A, "Stack depth")
        endif
        if (UNDO_STACK+(20*21))/(line_table+1)  ; the undo stack's 20 moves (search.asm)
        the_undo_stack_runs_into_the_line_table
        endif
        if (line_table+(2*SCREEN_LINES))/(ZOB_PAGES+1)
        the_line_table_runs_into_the_key_pages
        endif
        if LOW_VARS_END/(EL_LIST+1)             ; the scratch variables (search.asm)
        the_scratch_variables_run_into_the_empty_list
        endif
        if (SR_LISTS+(4*60)+2)/(LOAD_ADDRESS+1)   ; levels 1-2's move lists (search.asm)
        the_move_lists_run_into_the_program
        endif
        if (eg_parity+1)/(MOB_MEMO+1)           ; the scratch page (search.asm): the parity, then
        the_parity_runs_into_the_mob_any_squares        ; MOB_MEMO + 1..2,
        endif
        if (MOB_MEMO+3)/(AB_KILLERS+1)          ; then AB_KILLERS + 0..31,
        the_mob_any_squares_run_into_the_killers
        endif
        if (AB_KILLERS+32)/(EG_QUARTERS+12)     ; then the first cell's quarter
        the_killers_run_into_the_quarters
        endif
        if THREE_END/(SCRATCH+256+1)            ; then eg_two's and eg_three's variables
        the_last_squares_variables_leave_the_scratch_page       ; (last_moves.asm)
        endif
        if SCRATCH-((SCRATCH/256)*256)          ; EG_QUARTERS + cell is SCRATCH's page
        the_scratch_page_is_not_a_page          ; with bit 7 set (endgame.asm: set 7,l)
        endif
        if lt_pows2-lt_pows-16                  ; li_init reads them as one table of 16
        the_power_tables_are_not_side_by_side
        endif
        if PV_STRIDE-24                         ; ab_pv_line and sr_pv_init multiply by 24
        the_pv_stride_is_not_what_ab_pv_line_multiplies_by
        endif
        if (PV_MAX+1)/(PV_STRIDE+1)             ; a line: its length and PV_MAX cells
        the_pv_lines_are_too_short
        endif
        if AB_LIST_DEPTH/6                      ; ab_lazy reads the killers of 1 to
        the_search_clears_too_few_killers       ; AB_LIST_DEPTH - 1 plies (sr_deep: 1-4)
        endif
        if AB_SORT_LATER/AB_SORT_LAZY           ; ab_loop: below AB_SORT_LAZY ab_pick,
        the_sort_codes_are_out_of_order         ; AB_SORT_LAZY ab_lazy, above it eg_lazy
        endif
        if AB_SORT_LAZY/AB_SORT_TRY
        the_lazy_sort_codes_are_out_of_order
        endif
