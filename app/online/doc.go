// Package online is the protocol of an online game between the players' devices, as cores
// with no network, clock, goroutines or storage inside: the Lobby while players gather and
// draw the seed, then the Replica while they play. A shell (the browser's WebRTC mesh, native
// tests' loopback peers, a deterministic simulator) steps events into the core (a connection
// opened, went quiet, was heard, closed; a message arrived; a timer fired; the player moved,
// asked to undo, answered, let a bot play, ended a stalled game) and carries out Ready: save,
// send, show, start timers. The same events in the same order give the same Ready, so any
// schedule replays exactly; the simulator (sim_test.go) runs thousands of them with devices
// running modified code as the attacker.
//
// # Identity and seats
//
// Each device makes an Ed25519 key pair for each game when the seed draw begins; its
// commitment binds the key to its seat before anyone knows the seed, and the seat keys are
// part of the game's Genesis, which every signed move's chain starts from. A connection's
// seat is known only from the first hello on it, signed by that seat's key for that very
// connection (both peer ids are signed), so a device can neither claim another seat nor
// replay another player's hello to a third device. In the lobby, a player id is the hash of
// the device's lobby key and its hello is signed with that key for the connection, so nobody
// can take another player's id there either. Only the signalling server's naming says which
// device hosts the lobby (it lists the seats and starts).
//
// # Guarantees
//
// For a device running this code, whatever the others run (each checked by a test that
// attacks it, and by the simulator after every event):
//   - No move without its seat's key. A move is accepted only with a valid signature of the
//     key bound to its seat, or, marked as a bot's, of another seat's key under the bot rules
//     below; only at the next index, take, chain link and state hash; and only if the engine
//     finds it legal. A forged, replayed, reordered, stale or illegal move changes nothing and
//     is shown.
//   - Seats belong to their players. A device never accepts a bot on its own seat: a bot's
//     move for its seat is accepted only as history it was brought on coming back to the room
//     (until it has caught up in its room session), and it tells its player; once caught up,
//     such a move is refused and its signer named. A bot's move for another seat is accepted
//     when this device itself saw that player away and accepted the bot, or as history before
//     it caught up. Its runner hands the seat back when the player returns. A device that
//     holds another game than this one is away from it, however long it stays connected:
//     its player's turn cannot hold the game up for good.
//   - Over a mailbox (an own-pace game, SetPace), time, not presence, decides: a bot plays a
//     seat only after a claim that the mailbox's log puts after that seat's turn ran past the
//     game's time per turn by the mailbox's clock, and its moves count only where the log puts
//     them while the claim holds; the seat's own move or a hand-back (its player back, or its
//     runner) ends it there. Every device reads the same log, so every device, the claimer
//     and the player included, decides the same: a claim too early, a bot's move with no
//     claim, or one the log puts after the player's own counts on none (standin.go,
//     TestAStandInNeedsAClaimThatHolds, TestThePlayerBackTakesTheSeatWhereTheLogPutsTheirMove).
//   - No rewritten history. A device never replaces a move it accepted, its own above all.
//     Devices that hold different records name each other; nothing is adopted from a majority.
//   - Undo only at its maker's signed request. Taking a move back needs every other player's
//     signed yes for that very move and take, and its maker's signed request to take it back,
//     made once every yes is in (UndoProof: nobody but the maker can complete one); a proof is
//     checked the same way wherever it arrives (live, in a catch-up, from the store, in an
//     imported file), and a proof for an index not reached is not kept. A maker that took a
//     move back and also signed a move on it is proved to cheat (UndoConflict).
//   - Cheating is proved, not suspected. One key signing two different moves for one slot is
//     an Equivocation, a move taken back and built on an UndoConflict: the devices that see it
//     stop the game, send the proof to every device, each checks it, and the player is named.
//   - Nothing believed that a peer only claims, and every claim bounded. A count of moves, a
//     state hash, a consent or a waiting a peer states is at most a cue to ask; a claim not
//     made good within Timing.Stall (counted from its first, on whatever connection) is dropped
//     and its author named, and that device is not waited for again until it sends the moves
//     it claims (below, field by field).
//   - Bounded state from peers. What a peer can make a device keep (claims, remembered slots,
//     undo proofs, deal messages, messages for later, notices) is bounded by what the game
//     allows at that moment; beyond it, a message is refused and named.
//   - Silence is named. A device the game waits for (a catch-up it advertised, an answer to an
//     undo request, a pass or key of the deal, its audit keys, its part of the seed) that has
//     not sent it within Timing.Stall is named on every device that waits; a claim is then
//     dropped and an undo request lapses; a device holding up the deal is named as holding
//     the game up (or as away), and after Timing.End more any player may End the game, with
//     the scores as they stand and the signed Ending in the record; a device that withholds
//     its audit keys is named by the audit as refusing it, which the record keeps.
//   - A player may resign (Resign): a signed Ending that names no device, which stops the
//     game on every device with the scores as they stand; nobody can resign for another
//     (TestAPlayerResignsAndNoOneCanResignForThem).
//
// A game dealt by the devices (engine.Config.Dealt; dealing.go) adds: no honest device ever
// holds another player's card, the deck's order, a face-down card or a Distant Market tile not
// turned over, in its game or in its deal (app/dealer); a card played that was not dealt, a
// false key and two different deal messages signed for one number stop the game on every
// honest device, naming the device; a false shuffle is named by the audit every device runs
// at the end (or when the game is stopped or ended); what opens a card is saved before the
// card is shown; no bot plays an away player's seat and no move is taken back.
//
// # What a peer sends, and what a device does with it
//
// Every message is decoded and shape-checked first (numbers within range, ids, hashes, keys
// and signatures well formed); anything else is shown and ignored.
//
// In the lobby:
//   - hello: player id, key, signature, name, colour: who is on this connection, for the
//     lobby's display and the host's seating, taken only if the id is the key's hash and the
//     signature is for this connection; only a connection's first hello binds its player id,
//     and the newest connection of a player id counts. greeted: false is answered with a hello
//     (a lost hello heals; a device also says its own again while none came, a few times).
//   - lobby (seats, size, host; reason): taken only from the connection the signalling server
//     named the host, whose hello gave that host id; shown, never acted on, but for a reason:
//     the host's lobby failed (a cheat in its draw), and this device stops too, showing it, as
//     the host alone starts a game (500 bytes at most).
//   - start (config, players, room secret): taken only from the named host; the names,
//     colours and edition are checked; a device not seated waits. The room secret only
//     derives the key that reopens the room.
//   - commit (key, commitment), reveal (secret), seeded (hash, and the commitments it was
//     built from): only for the sender's own player id and only for a seat in the start; a
//     second, different one stops the draw, naming the player; a secret that does not match
//     its commitment stops the game from starting, naming the player; different initial
//     states stop it too, naming the player whose commitments differ between devices (or, if
//     none, the device that built another game). The game begins only when every seat's
//     commitment, secret and state agree; a seat that does not send its part within
//     Timing.Stall is named and the draw goes back to the lobby. Game messages that come
//     before this device began the game are kept for it, sixteen a connection.
//
// In the game:
//   - hello key, sig: binds the connection to a seat (first hello only). count, take, hash,
//     link: a claim of how far the sender's game is: compared like an acknowledgement where
//     this device has that move, otherwise a cue to ask for the moves (sync-request) and to
//     make no move meanwhile, dropped and named when the sender sends fewer or none within
//     Timing.Stall. It decides no bot's moves and no undo.
//   - move: the signed move is checked as above; its hash is an acknowledgement (below). A
//     move ahead of this record is a claim: the moves before it are asked for.
//   - ack at, take, hash, link: compared with this record: the same (agreement), another
//     (the sender is named as holding another game; nothing changes), a newer take (the
//     undo's proof is asked for) or ahead (a claim, as above).
//   - refused: shown to this player, naming the sender.
//   - sync-request at: answered with this record's signed moves from there and its undo
//     proofs (and, in a dealt game, the move waiting for the deal and the proofs of cheating).
//   - sync moves, undos: each move checked as a move (one already held, against it: another
//     signed by the same key is proof of cheating), each proof as a proof, applied at its
//     index; a sync with fewer moves than its sender claimed drops the claim.
//   - undo-request at, take, sig: asks this player, only for the sender's own last move here
//     and signed by the sender for it; answered yes (signed) or no (always no in a dealt game).
//   - undo-vote: counted only for this device's own request, a yes only with its signature.
//   - undo: the proof, checked as every proof is, whoever passes it on (refused in a dealt
//     game); against a record that holds its maker's move built on the move it takes back, it
//     is proof of cheating.
//   - seat-bot seat, level (runner): a claim that the sender's bot plays an away player's
//     seat: accepted (and answered yes) only if this device sees that player away itself, it
//     is not this device's own seat and the cards are not dealt by the devices; a relayed one
//     (runner) is only a cue, on this device's own seat, to wait for the hand-back while
//     catching up. No level: a hand-back. Over a mailbox, at (the moves it is for) and the
//     mailbox's time decide it alone, and nothing answers it (Guarantees).
//   - seat-bot-ok seat, yes: the runner counts yeses before its bot moves; a no (or the
//     player back) makes it hand the seat back. It decides nothing on any other device.
//   - cheat: the proof (an Equivocation or an UndoConflict) is checked; a false one is named as
//     a false accusation.
//   - deal: each signed deal message is checked (signature, seat, its number in the seat's
//     order, adding something to the deal) before the dealer sees it (app/dealer checks
//     every pass and key against its commitments); two different ones signed for one number
//     are proof of cheating.
//   - end: a player's signed ending stops the game here too (a player can always stop
//     playing), once this device holds as many moves as it says; what it says of the devices
//     that held the game up is the ender's word, and this device says whether it saw the same;
//     one that names no device is its player's resignation.
//
// # What it does not guarantee
//
// That a device answers: a device can always leave or stay silent (it is then named, and
// after Timing.End a dealt game may be ended); and a device can always stop a game for
// everyone (by ending it, or by signing two moves for one slot, which is proof against it),
// though it cannot change what was played. A partition (a device that reaches some players
// but not others) can make devices see a player differently: each then keeps what it
// validated and names the device that differs. A device that was out of the room, even for a
// moment, cannot tell when a bot's move for its seat (or, catching up, for another's) was
// signed: it takes it as history it was brought (and tells its player whose bot played); a
// modified device can so part it from the devices that saw the player here, each side naming
// the other. A device that reloads after its seed commitment and before the game begins
// loses its seat in that game (a lobby is not stored): the others see it away. The signalling
// server is trusted to relay the connections' DTLS fingerprints honestly and to name the host.
// Over a mailbox, the mailbox's clock is trusted for the time per turn (it could let a bot in
// early, or never), and a device whose clock is more than a few minutes off can send a move
// that the log then puts after a bot's: that device then holds another game and is named.
// In a game whose cards come from its seed, any device can work out the cards; in a dealt
// game a false shuffle is named only at the audit (no zero-knowledge proofs).
package online
