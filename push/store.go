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

// Store keeps the subscriptions by seat signing key (base64url). The server reads it once
// per nudge and writes it on subscribe, unsubscribe and a push service's "gone"; SQLite
// (OpenSQLite) is the one engine so far.
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
	// Count is how many subscriptions are kept.
	Count(ctx context.Context) (int64, error)
	// Close releases the store.
	Close() error
}
