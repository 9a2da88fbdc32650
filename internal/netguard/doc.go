// Package netguard is what the game server's public endpoints (signalling, the mailbox)
// share to keep one client from crowding out the others: the address a client is counted
// by, read through trusted reverse proxies, and a token bucket for rates.
package netguard
