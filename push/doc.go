//go:build !js

// Package push is the server half of Web Push (the W3C Push API; RFC 8030, RFC 8291,
// RFC 8292) for own-pace games: it keeps browsers' push subscriptions by seat key and sends
// a push when a seat's device asks it to. The server runs no game and cannot tell whose
// turn it is, so the device that made a move asks it to notify the next player: a nudge,
// signed with the device's seat key.
//
// The API, JSON, under Prefix (/push/):
//
//	GET  /push/key          {"key": VAPID public key}   applicationServerKey for PushManager.subscribe
//	POST /push/subscribe    {"game","key","sub":{"endpoint","keys":{"p256dh","auth"}},"at","sig"}
//	POST /push/unsubscribe  the same (the keys may be empty)
//	POST /push/nudge        {"game","key","to","kind","at","sig"[,"due"]}   kind: turn, start, end, wait, remind
//
// key is the sender's seat signing key (Ed25519, base64url, as in the genesis), at the
// request's time in Unix milliseconds, sig its signature over SubscribeMessage,
// UnsubscribeMessage or NudgeMessage (NudgeMessageDue with a due). Taken: 200 {"ok":true}
// (a nudge 202, with "coalesced":true when it is not sent, "scheduled":true when it is kept
// for its due, "dup":true for a request taken before); refused: a 4xx status and
// {"code":…, "message":…} (the Code constants).
//
// Reminders. A turn may have a time limit, and its player should hear of it before it runs
// out with every page closed; so the device that hands the turn on asks for a remind with
// a due (Unix milliseconds, at most MaxDue ahead), which the server keeps in push.db and
// sends once the due has come (it looks every Config.RemindEvery), under a nudge's limits.
// One is kept per seat of a game,
// a newer replacing the older; any nudge from the reminded seat (its device acted: its turn
// is over) and its unsubscribe cancel it.
//
// What the server learns. It keeps, per seat key, each subscription's endpoint (which names
// the push service, and so the browser's maker), its keys and the time of its last
// subscribe, in push.db beside the mailbox, and each pending reminder: the game, the seat
// (and its key) and the due. From the nudges it learns who is notified in which game, of
// what kind and when: when a seat's turn begins, when a game starts, ends or waits on a
// device, much as the mailbox's traffic already shows, and from the reminders each turn's
// deadline. It learns no card, no
// move and no name: a push carries only {"game": id, "kind": kind}, which the device needs
// to open the game and read the rest from the mailbox. The push service sees less: the
// server's VAPID key and subject, a body padded to the same 512 bytes for every kind and
// encrypted to the browser, the TTL (a day for a turn, a wait or a reminder, a week for a
// start or an end), the urgency (high for a turn or a wait), and a topic that is a hash of
// the game id, not the id, which opens a game's log to whoever holds it.
//
// # Guarantees
//
// Each is checked by a test that attacks it:
//   - Only a seat's own key subscribes or unsubscribes its notifications, and only in a
//     started game it sits in: a forged or borrowed signature, another game's key, a game
//     not started are refused and change nothing (TestRefusalsSendNothing, TestUnsubscribe).
//   - Only a seat of the game nudges, only another seat of it, of a known kind; a request
//     more than Skew (10 minutes) from the server's clock is refused, and a signed request
//     is acted on once, so a replay sends nothing and brings back no subscription
//     (TestRefusalsSendNothing, TestReplayedRequestIsTakenOnce).
//   - A reminder goes at its due, not before, once, as a push of kind remind; its due is
//     signed (changed, added or taken away it is refused), for a remind only, at most
//     MaxDue ahead and Skew past; a newer one replaces the older, a nudge or an unsubscribe
//     from the reminded seat cancels it, and it outlives a restart (TestReminderComesDue,
//     TestReminderRefusals, TestReminderReplaced, TestReminderCancelled,
//     TestRemindersSurviveRestart).
//   - A push is {"game","kind"} exactly, encrypted to the subscription (aes128gcm),
//     VAPID-signed (ES256) for the endpoint's origin, with the kind's TTL and urgency and the
//     game's topic (TestSubscribeNudgePush, against a push service written from the RFCs).
//   - What a client can make the server hold or send is bounded: MaxSubscriptions per seat
//     key, the oldest dropped (TestAtMostEightSubscriptions); one push per seat of a game per
//     Spacing, later nudges within it coalesced, and PushesPerDay (TestCoalescing); a token
//     bucket per seat key (TestPerKeyRate) and per address (TestPerAddressRate); one
//     reminder per seat of a game, sent under the same Spacing and PushesPerDay; bodies of
//     MaxBody and endpoints of MaxEndpoint bytes.
//   - A subscription its push service says is gone (404, 410) is removed; 429 and 5xx are
//     counted and logged, not retried (TestGoneSubscriptionIsRemoved).
//   - The server posts only to push services on public addresses: an endpoint is https and
//     not a loopback or private address, and the server's dialler refuses those whatever a
//     name resolves to (TestPushesGoOnlyToPublicAddresses).
//   - The VAPID key is made once (P-256), kept in vapid.json with mode 0600 and taken again
//     at every start; a damaged file stops the server and is never replaced, since a new
//     key voids every subscription (TestVAPIDKeyFile).
//
// Pushes are a courtesy: the games are in the mailbox, and a player's device reads them
// whenever it opens a game. So a nudge is answered before its pushes are sent, a push that
// fails is not retried, pushes still queued when the server stops are dropped, and a
// reminder that came due over a day ago (the server was down) is dropped too.
package push
