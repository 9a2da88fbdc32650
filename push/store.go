//go:build !js

package push

import (
	"context"
	"time"
)

// Subscription is a browser's push subscription, as PushSubscription.toJSON gives it: the
// push service's URL for it and the keys a push is encrypted to (RFC 8291).
type Subscription struct {
	Endpoint string `json:"endpoint"`
	Keys     Keys   `json:"keys"`
}

// Keys are a subscription's keys, base64url: the browser's P-256 public key and its
// 16-byte authentication secret.
type Keys struct {
	P256dh string `json:"p256dh"`
	Auth   string `json:"auth"`
}

// Reminder is a push of kind remind the server sends at Due to a seat of a game, which a
// device asked for with the seat's deadline: the server keeps it across restarts, as it
// would otherwise forget a reminder days ahead.
type Reminder struct {
	Game string
	Seat int       // the seat to remind, by its index in the game
	Key  string    // its signing key (base64url): whose subscriptions the push goes to
	Due  time.Time // to the millisecond
}

// Store keeps the subscriptions by seat signing key (base64url), and the reminders. The
// server reads it once per nudge and writes it on subscribe, unsubscribe, a push
// service's "gone" and a nudge that schedules or cancels a reminder; SQLite (OpenSQLite)
// is the one engine so far.
type Store interface {
	// Put adds a seat key's subscription, or renews it (new keys, newer time) if the key
	// has one with this endpoint, then keeps only the key's keep most recent ones.
	Put(ctx context.Context, seat string, sub Subscription, at time.Time, keep int) error
	// Delete removes a seat key's subscription of this endpoint, reporting whether it had one.
	Delete(ctx context.Context, seat, endpoint string) (bool, error)
	// Gone removes the endpoint from every seat key (its push service says it no longer
	// exists), returning how many subscriptions went.
	Gone(ctx context.Context, endpoint string) (int, error)
	// List returns a seat key's subscriptions, the most recent first.
	List(ctx context.Context, seat string) ([]Subscription, error)
	// PutReminder keeps a reminder, replacing the one of its game and seat if there is one.
	PutReminder(ctx context.Context, r Reminder) error
	// CancelReminder removes the reminder of a game's seat, reporting whether there was one.
	CancelReminder(ctx context.Context, game string, seat int) (bool, error)
	// TakeDue removes and returns up to limit reminders due at now or before, the earliest
	// first: taken once, each is sent at most once.
	TakeDue(ctx context.Context, now time.Time, limit int) ([]Reminder, error)
	// Count is how many subscriptions are kept.
	Count(ctx context.Context) (int64, error)
	// Close releases the store.
	Close() error
}
