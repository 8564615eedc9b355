//! The exact endgame's last squares (cpc/endgame.asm `eg_nws_node`, `eg_nws`): a node with
//! at most `EG_NWS_EMPTIES` empty squares searched with a null window (alpha, alpha + 1)
//! returns a fail-soft bound of the reference's exact value for every alpha, inside the
//! score range and far beyond it (the byte window is clamped), and leaves the board, the
//! empty list, the undo stack and the quarters' parity as it found them.

use cpc_e2e::z80::{show, Z80};
use cpc_game::driver::side_code;
use cpc_game::symbols as sym;
use cpc_verify::positions::random_positions;
use othello_engine::board::Board;
use othello_engine::solve::solve_window;

/// The empty list from its head, as the search walks it (cpc/moves.asm `el_init`).
fn empty_list(z: &Z80) -> Vec<u8> {
    let list = z.addr(sym::EL_LIST);
    let mut cells = Vec::new();
    let mut cell = z.cpc.peek(list);
    while cell != 0 && cells.len() < 64 {
        cells.push(cell);
        cell = z.cpc.peek(list + u16::from(cell));
    }
    cells
}

/// The mailbox's 100 cells, the frame included.
fn mailbox(z: &Z80) -> Vec<u8> {
    let at = z.addr(sym::MB_BOARD);
    (0..100).map(|c| z.cpc.peek(at + c)).collect()
}

/// The position on the mailbox with the exact endgame's state set up as the root's stage
/// does (cpc/search.asm `sr_deep`, endgame.asm `eg_exact_mode`).
fn set_up(z: &mut Z80, board: &Board) {
    z.write_board(sym::AI_BOARD, board);
    let mut regs = z.registers();
    regs.hl = z.addr(sym::AI_BOARD);
    z.cpc.set_registers(&regs);
    z.call(sym::MB_LOAD, 0);
    z.call(sym::EL_INIT, 0);
    z.call(sym::EG_REGIONS, 0);
    z.call(sym::EG_EXACT_MODE, 0);
    z.cpc.poke(z.addr(sym::AI_ABORT), 0);
}

/// `eg_nws_node` on the root frame with the window (alpha, alpha + 1), biased by &8000.
fn null_window_value(z: &mut Z80, board: &Board, alpha: i32) -> i32 {
    let frame = z.addr(sym::FRAMES);
    let [alpha_at, beta_at, diff_at, empty_at, p_at, o_at] = [
        sym::FR_ALPHA,
        sym::FR_BETA,
        sym::FR_DIFF,
        sym::FR_EMPTY,
        sym::FR_P,
        sym::FR_O,
    ]
    .map(|f| frame + z.addr(f));
    let (p, o) = board.player_opponent();
    let biased = |v: i32| (v + 0x8000) as u16;
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    z.cpc.poke_word(alpha_at, biased(alpha));
    z.cpc.poke_word(beta_at, biased(alpha + 1));
    z.cpc.poke(diff_at, diff as u8);
    z.cpc.poke(empty_at, board.empties().count_ones() as u8);
    z.cpc.poke(p_at, side_code(board.to_move));
    z.cpc.poke(o_at, side_code(board.to_move.opponent()));
    let mut regs = z.registers();
    regs.ix = frame;
    regs.iy = z.addr(sym::UNDO_STACK);
    z.cpc.set_registers(&regs);
    z.call(sym::EG_NWS_NODE, 0);
    let after = z.registers();
    assert_eq!(
        (after.ix, after.iy),
        (frame, z.addr(sym::UNDO_STACK)),
        "IX and the undo stack are back"
    );
    i32::from(after.hl) - 0x8000
}

#[test]
fn null_window_values_bound_the_exact_value_for_every_alpha() {
    let mut z = Z80::game();
    let most = u32::from(z.addr(sym::EG_NWS_EMPTIES));
    let pool: Vec<Board> = random_positions(0x5EED_0E0E, 3000)
        .into_iter()
        .filter(|b| (1..=most).contains(&b.empties().count_ones()))
        .collect();
    // Sixty positions, and the passes of the frameless nodes (cpc/last_moves.asm: `eg_three`
    // and `eg_two` at the root, where the side to move has none of the squares).
    let mut boards: Vec<Board> = pool.iter().copied().take(60).collect();
    for e in [2, 3] {
        boards.extend(
            pool.iter()
                .filter(|b| b.empties().count_ones() == e && b.must_pass())
                .take(3),
        );
    }
    assert!(
        [2, 3].iter().all(|&e| boards
            .iter()
            .any(|b| b.must_pass() && b.empties().count_ones() == e))
            && (1..=most).all(|e| boards.iter().any(|b| b.empties().count_ones() == e)),
        "the positions cover every count of empty squares and a pass at two and three"
    );
    let alphas: Vec<i32> = (-66..=66).chain([-32000, -1000, 1000, 31999]).collect();
    let (mut low, mut high) = (0, 0);
    for b in &boards {
        set_up(&mut z, b);
        let before = mailbox(&z);
        let (list, parity) = (empty_list(&z), z.cpc.peek(z.addr(sym::EG_PARITY)));
        let (p, o) = b.player_opponent();
        let exact = solve_window(p, o, -64, 64);
        for &alpha in &alphas {
            let v = null_window_value(&mut z, b, alpha);
            if exact > alpha {
                assert!(
                    v > alpha && v <= exact,
                    "{}: alpha {alpha}, exact {exact}, got {v} (a fail-high must lie in alpha+1..=exact)",
                    show(b)
                );
                high += 1;
            } else {
                assert!(
                    v <= alpha && v >= exact,
                    "{}: alpha {alpha}, exact {exact}, got {v} (a fail-low must lie in exact..=alpha)",
                    show(b)
                );
                low += 1;
            }
        }
        assert_eq!(mailbox(&z), before, "{}: the board is back", show(b));
        assert_eq!(empty_list(&z), list, "{}: the empty list is whole", show(b));
        assert_eq!(
            z.cpc.peek(z.addr(sym::EG_PARITY)),
            parity,
            "{}: the quarters' parity is back",
            show(b)
        );
    }
    assert!(
        low > 1000 && high > 1000,
        "both sides of the window: {low} low, {high} high"
    );
}
