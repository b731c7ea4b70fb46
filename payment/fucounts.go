package payment

// FuCounts are the fu a value may name, in order: a hand's fu are 20 or
// 25 (seven pairs) or a multiple of ten up to MaxFu, since the count is
// rounded up to the next ten (RCR 2016 8.1). The value pickers offer
// these and nothing else.
func FuCounts() []int {
	out := []int{20, 25}
	for fu := 30; fu <= MaxFu; fu += 10 {
		out = append(out, fu)
	}
	return out
}
