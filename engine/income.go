package engine

// IncomeLevel is the income level printed beside a progress-track space (fact sheet §8):
// spaces 0–10 are levels −10..0, then 2, 3 and 4 spaces per level, and 97–99 are level 30.
func IncomeLevel(space int) int {
	switch {
	case space <= 10:
		return space - 10
	case space <= 30:
		return (space-11)/2 + 1
	case space <= 60:
		return (space-31)/3 + 11
	case space <= 96:
		return (space-61)/4 + 21
	default:
		return 30
	}
}

// HighestSpace is the highest track space of an income level, where a loan puts the marker.
func HighestSpace(level int) int {
	switch {
	case level <= 0:
		return level + 10
	case level <= 10:
		return 10 + 2*level
	case level <= 20:
		return 30 + 3*(level-10)
	case level <= 29:
		return 60 + 4*(level-20)
	default:
		return 99
	}
}
