        org 0
        if flip < 5
        ds 10
        endif
flip:                           ; error: does not settle
