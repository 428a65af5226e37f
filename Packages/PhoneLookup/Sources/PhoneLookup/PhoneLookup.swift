// Countries, numbers, the lookup API.
