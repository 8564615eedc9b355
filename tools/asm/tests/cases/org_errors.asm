        org &4000
        db 1, 2, 3
        org &4001               ; error: overlaps section
        db 4
