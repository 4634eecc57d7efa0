// Placeholder until the gateway lands (issue 3): keeps `npm start` honest and green.
console.log('Switchboard: the gateway server is not built yet.');
console.log(
  'Coming next: `npm start` will serve the API and console on http://localhost:3000 (SQLite under ./data).',
);
