// Package dealer deals the hidden cards of an online game between the players' devices, so
// that no device ever holds another player's hand, the order of the deck or the Distant
// Market stack. It joins the engine's dealt game (engine.Config.Dealt: a device's copy of the
// game that holds only what it was shown) to the mental-poker deal of app/deal: one Deal per
// deck the engine shuffles (each era's deck and, in Lancashire, each era's Distant Market
// stack), its positions being the engine's deck positions (engine.Draw.Position).
//
// Like app/deal and app/online, a Dealer is a state machine with no network, clock or
// goroutine: it takes the other seats' messages and returns this seat's, and its randomness
// comes from the io.Reader its caller passes.
//
// # What happens when
//
//   - Each deck is shuffled and locked by every seat in turn (app/deal's 2n passes) when its
//     era begins: the Canal Era's deck and stack before the first move, the Rail Era's once
//     the move that ends the Canal Era is applied.
//   - After every move (and at the setup) each device gives every card the engine drew to its
//     seat and publishes its own keys for the cards drawn by the other seats; a device opens
//     its own cards once every other seat's key is in, and shows them to its game
//     (engine.Game.Reveal). A face-down card (Birmingham's setup discard) is given to nobody:
//     no key for it leaves a device before the audit.
//   - A move that discards cards carries a proof (PlayProof): for each card from the deck,
//     the position it was dealt at and the mover's key for it, which opens it for everyone.
//     Every other device checks it (CheckPlay) before applying the move: a card that is not
//     the one dealt there is proof against the mover.
//   - A sale to the Distant Market waits for its tile (engine.ErrHidden): every device
//     publishes its key for the top of the stack (TurnOver) and shows the tile to its game
//     once every key is in.
//   - At the end (or when a game is abandoned) every device publishes all its keys
//     (AuditKeys), and Audit re-runs every deal: a false pass, a wrong key or a card opened
//     differently during the game names the seat and the step.
//
// # What it guarantees
//
// Those of app/deal (its package doc), for the whole game: while every device follows the
// protocol, a device learns only its own cards, the cards played and the Distant Market
// tiles turned over; a wrong key and a card played that was not dealt are caught at once,
// naming the seat; a false shuffle or locking pass is caught when a position opens to no
// card, and named at the audit. A seat that withholds its keys stalls the game, and Waiting
// names it; it cannot make the others learn anything.
//
// Messages are trusted for who sent them (Msg.From): the transport (app/online's signed
// envelopes) must authenticate the seat. A Dealer checks that every message's inner seat is
// its sender.
package dealer
