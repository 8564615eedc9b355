//! Property tests of the notation parsers and the game records: no input makes them panic,
//! and what they print they read back.

use othello_engine::board::squares;
use othello_engine::game::Game;
use othello_engine::notation::{
    parse_board, parse_color, parse_position, parse_square, parse_transcript, square, square_name,
    to_board_string, to_position_string, to_transcript,
};
use othello_engine::record::{GameRecord, RecordedResult};
use othello_engine::{Board, Color};
use proptest::prelude::*;

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,80}", side in any::<char>()) {
        let _ = parse_square(&text);
        let _ = square(&text);
        let _ = parse_color(&text);
        let _ = parse_board(&text, side);
        let _ = parse_position(&text);
        let _ = parse_transcript(&text);
        let _ = GameRecord::parse(&text);
    }

    #[test]
    fn record_like_text_never_panics(text in "(#.{0,10}\n|[XO\\-]{64} [XOZ]\n|[a-h1-8\\- ]{0,40}\n|result [0-9\\-: ]{0,8}( black lost on time)?\n){0,5}") {
        let _ = GameRecord::parse(&text);
    }

    #[test]
    fn records_round_trip(
        a in any::<u64>(),
        b in any::<u64>(),
        white in any::<bool>(),
        choices in proptest::collection::vec(any::<u8>(), 0..70),
    ) {
        // From a random position (or a random game's start) to the end or not, passes
        // written out; the result whenever the game is over.
        let start = Board {
            black: a & b,
            white: a & !b,
            to_move: if white { Color::White } else { Color::Black },
        };
        let mut game = Game::from_board(start);
        for c in choices {
            game.pass_if_forced();
            let moves: Vec<u8> = squares(game.legal_moves()).collect();
            if moves.is_empty() {
                break;
            }
            game.play(moves[usize::from(c) % moves.len()]).expect("a legal move");
        }
        game.pass_if_forced();
        let result = game.is_over().then(|| RecordedResult::of_finished(game.board()));
        let record = GameRecord::new(game, result);
        let text = record.to_text(&["a comment".to_string()]);
        let back = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(back, record);
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-hA-H1-9 ]{0,130}") {
        // Mostly valid squares: exercises the illegal / game-over paths of the replay.
        if let Ok(game) = parse_transcript(&text) {
            let again = parse_transcript(&to_transcript(&game)).expect("own transcript reads back");
            prop_assert_eq!(again, game);
        }
    }

    #[test]
    fn board_strings_round_trip(a in any::<u64>(), b in any::<u64>(), white in any::<bool>()) {
        let board = Board {
            black: a & b,
            white: a & !b,
            to_move: if white { Color::White } else { Color::Black },
        };
        let text = to_board_string(&board);
        let side = if white { 'O' } else { 'X' };
        prop_assert_eq!(parse_board(&text, side), Ok(board));
        prop_assert_eq!(parse_position(&to_position_string(&board)), Ok(board));
    }

    #[test]
    fn games_round_trip_through_transcripts(choices in proptest::collection::vec(any::<u8>(), 0..70)) {
        // A random game (passes inserted as they are forced), then text and back.
        let mut game = Game::new();
        for c in choices {
            game.pass_if_forced();
            let moves: Vec<u8> = squares(game.legal_moves()).collect();
            if moves.is_empty() {
                break;
            }
            game.play(moves[usize::from(c) % moves.len()]).expect("a legal move");
        }
        game.pass_if_forced();
        let text = to_transcript(&game);
        prop_assert_eq!(text.len(), 2 * game.squares().count());
        let back = parse_transcript(&text).expect("own transcript reads back");
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(parse_transcript(&text.to_uppercase()).expect("upper case"), game);
    }

    #[test]
    fn square_names_round_trip(sq in 0u8..64) {
        prop_assert_eq!(parse_square(&square_name(sq)), Some(sq));
    }
}
