package app

// This device's display settings, kept in its storage beside the saved games.

// motionKey holds whether moves are animated on the board ("off" when the player turned
// it off; missing: on). Stored as a word, not a boolean, so a missing key and "on" agree.
const motionKey = "brass/motion"

// AnimationsOn reports whether this device shows moves animated (the default).
func AnimationsOn(store Store) bool {
	var v string
	ok, err := store.Get(motionKey, &v)
	return !ok || err != nil || v != "off"
}

// SetAnimations turns the animation of moves on or off on this device.
func SetAnimations(store Store, on bool) error {
	if on {
		return store.Del(motionKey)
	}
	return store.Set(motionKey, "off")
}
