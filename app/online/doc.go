// Package online is the protocol of a game in play between the players' devices, as a state
// machine with no network, clock, goroutines or storage inside: a Replica takes events (a
// connection opened, went quiet, was heard, closed; a message arrived; a timer fired; its
// player moved, asked to undo, answered, let a bot play) and hands back, through Ready, what
// to send, whether to save, what to show and which timers to start. The browser runs it over
// the WebRTC mesh, native tests over loopback peers, and a deterministic simulator
// (sim_test.go) over a seeded network of delays, drops, disconnections, crashes and devices
// running modified code, so a failing schedule replays exactly. The lobby and the seed draw,
// which bind each seat's key before the seed is known, are package app's (online_lobby.go,
// online_seed.go); app.Online runs a Replica once the game starts.
//
// Identity. Each device makes an Ed25519 key pair for each game (NewIdentity); the seat keys
// are part of the game's Genesis, which every signed move's chain starts from. A connection's
// seat is known only from a hello signed by that seat's key for that very connection (both
// peer ids are signed), so a device can neither claim another seat nor replay another
// player's hello to a third device.
//
// Signed moves. Every move travels and is stored as a Signed: the game, its index, its take
// (how many agreed undos reopened that index), whether a seat bot made it, the chain link
// before it, the state hash before it, the move, and the signer's key and signature over all
// of that. The chain link is a SHA-256 of the signed content, so a signature on move i also
// covers every move before it. A stored or exported record keeps the signatures, and
// VerifyRecord checks it whole.
//
// Guarantees for an honest device, each checked by a test in this package that attacks it
// and by the simulator after every event:
//   - It accepts a move only with a valid signature of the key bound to the move's seat, or,
//     for a bot's move, of the device running a bot it accepted for that seat (seatbot.go);
//     only at the next index, take, chain link and state hash; and only if the engine finds
//     it legal. A replayed, reordered, forged or illegal move changes nothing and is shown.
//   - It never changes a move it accepted, its own above all. The one exception is an undo of
//     the last move, and only on proof that every player but its maker signed their yes for
//     that very move (undo.go).
//   - Seats belong to their players: a bot takes a seat only while every device connected to
//     its runner sees the player away, never the seat of a player whose device is connected
//     (it refuses), and hands it back when the player returns (within Timing.Grace, or its
//     moves are refused).
//   - Two different moves signed by one key for one slot are proof of cheating: the devices
//     that see both stop the game, show the proof to every device, which checks it, and name
//     the player (Equivocation).
//   - Devices that hold different records say so and name each other; nothing is adopted
//     from a majority. Where a bot and its returning player both moved in a partition (the
//     player's own move never reached the others), the game stops there between them, and
//     each side names the other: a move where one was accepted is another history, whoever
//     signed it (Ledger.Append asks the bot policy of the next move only).
//
// A game dealt by the devices (engine.Config.Dealt; dealing.go) adds, each checked by the
// simulator after every event and by attack tests:
//   - No honest device ever holds another player's card, the deck's order, a face-down card
//     or a Distant Market tile not turned over, in its game or in its deal (app/dealer).
//   - A move that plays a card it was not dealt, a false key and two different deal messages
//     signed for one number stop the game on every honest device, naming the device: the
//     proof goes to every device, which checks it itself. A false shuffle is named by the
//     audit every device runs at the end (or when a device calls it).
//   - No bot plays an away player's seat and no move is taken back in such a game.
//
// What it does not guarantee: that a device answers at all (a device can always leave or
// stay silent, and a player who never answers an undo request stalls that request only; in a
// dealt game, a device away stalls the deal); the signalling server is trusted to relay the
// connections' fingerprints honestly; and in a game whose cards come from its seed, any
// device can work out the cards.
package online
