// The load side of a burst (stream-burst.ts): opens every request of the JSON on stdin at once, each on a raw socket
// of its own (`Connection: close`), prints "open" once all are written, then the number of 200 answers once all ended.
// A process of its own, so that the server's event loop does not also run the clients' sockets.
import { connect } from 'node:net';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { port, host, requests } = JSON.parse(input);
let written = 0;
const answers = await Promise.all(
  requests.map(
    (text) =>
      new Promise((resolve) => {
        const socket = connect(port, host, () => {
          socket.write(text);
          written += 1;
          if (written === requests.length) process.stdout.write('open\n');
        });
        let response = '';
        socket.on('data', (chunk) => (response += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(response.startsWith('HTTP/1.1 200')));
      }),
  ),
);
process.stdout.write(`${answers.filter(Boolean).length}\n`);
