// Package mailroom runs an online game's protocol core (online.Replica) over the game's
// mailbox (package mailbox) instead of the WebRTC mesh, so that devices that are never
// online together can play: each device, whenever it is opened, reads the log from where it
// left it, takes what the others sent it, and appends what it has to say; the others read it
// when they are next opened.
//
// The mailbox stands in for the data channels. Seat s is peer "seat<s>" on every device,
// one permanent, ordered channel between each two seats: what a device sends every other
// seat at once is one envelope to every device; what it sends one seat is an envelope
// sealed to that seat's X25519 key from the genesis. A device opened again starts its core
// from its own store, as after a reload, which holds everything it took up to its Checkpoint
// (the last message whose replies the mailbox acknowledged, stored with the game): it reads
// the log from the checkpoint's message, which must be the one it read, and the core is
// greeted by each seat's newest hello it had taken, as a reloaded page in a live game is
// greeted by its peers, and takes what came after. A checkpoint stored by the versions
// before has the device read the log from its first message once, as they did, replies to
// what it had read then not given again.
//
// Envelopes are deterministic: the nonce and the sealing's randomness are derived (HKDF)
// from the device's key and the message, so the same message to the same seat is the same
// envelope, which the mailbox numbers once. A core's message said again (a hello, the deal
// messages a core sends every device it greets, a retry after a lost connection or a crash)
// costs the log nothing.
//
// # What the mailbox learns, and what it can do
//
// The server learns who plays which game and when (the addresses and times of the devices'
// connections), how many messages each seat sends and how large they are, and everything
// the players would see at the table: the moves, the public parts of the deal (its passes,
// the keys others publish for a card dealt to a player, which open nothing without that
// player's own key, never sent before the card is played) and, at the end, the audit. It
// does not learn a hand, the deck's order or a face-down card or tile: those stay locked by
// keys that never leave the devices until the rules reveal them, and what a device says to
// one seat alone is sealed to that seat.
//
// A malicious server (or anyone who reads or changes its disk) can withhold or delay
// messages, or show devices different subsets of them; the devices then wait, name whom they
// wait for, and where two devices' histories part the signed chain shows it. It cannot forge
// or change a message (each envelope is signed by its seat's key and checked by every device
// against the genesis, and every move inside it again by the protocol), read what is sealed,
// move a sealed body under another sender's name (the header is sealed inside), make a
// device take a message twice (a device takes each envelope once, and keeps the ids of those
// it took with its checkpoint), leave a gap in the log, or show a device another past than
// the one it read: the device does not read again what it read before its checkpoint, and the
// checkpoint's own message must be the one it read (its hash), so a store restored from an
// older backup, or a log rewritten from there, is caught at the device's next visit.
package mailroom
