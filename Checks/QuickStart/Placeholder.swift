// Filled by Scripts/check-adapters.sh.
