; main.asm - Othello for the Amstrad CPC 464/6128, after Robin Nixon's 1986 game.
;
; The top file: it places the program and includes every part. Assemble this file; the
; others are only included. `cpc-othello build` also supplies weights.inc (included by
; eval.asm), generated from cpc/weights.toml; cpc/README.md tells how to assemble by hand.
;
; RUN"OTHELLO loads OTHELLO.BIN at LOAD_ADDRESS and starts it there (at `start`). After
; that the program owns the machine (startup.asm), so everything from the end of the
; program up to the stack at &C000 is free RAM.
;
; Parts:   startup.asm   machine set-up, interrupt handler, frame counter
;          ui.asm        the game's state machine and the state the test harness reads
;          screen.asm    the board, discs and cursor
;          panel.asm     the text panel and help line
;          font.asm      the 8x8 font and text drawing
;          keyboard.asm  the key matrix and key presses
;          board.asm     the board, legal moves, making moves
;          eval.asm      the evaluation (and weights.inc)
;          search.asm    the searches of the levels
;          ai.asm        the AI entry point

LOAD_ADDRESS    equ &1000           ; above BASIC's input buffer, far below HIMEM (&A67B)

        org LOAD_ADDRESS

        include "startup.asm"       ; first: `start` is the entry point at LOAD_ADDRESS
        include "ui.asm"
        include "screen.asm"
        include "panel.asm"
        include "font.asm"
        include "keyboard.asm"
        include "board.asm"
        include "eval.asm"
        include "search.asm"
        include "ai.asm"

program_end:                        ; must stay below &A67C for RUN" (reference 3.2)
