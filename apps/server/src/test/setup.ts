// Test runs are quiet unless asked otherwise.
process.env.LOG_LEVEL ??= 'silent';
