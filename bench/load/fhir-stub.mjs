// A minimal FHIR server for the load bench: every search answers a one-Patient searchset,
// a read answers that Patient, anything else 404. It counts the requests it received.
import { createServer } from 'node:http';

const PATIENT = {
  resourceType: 'Patient',
  id: 'bench-patient',
  identifier: [{ value: 'MRN-1' }],
  name: [{ family: 'Bench' }],
};

export async function startFhirStub() {
  const stub = { requests: 0, baseUrl: '', close: () => Promise.resolve() };
  const server = createServer((request, response) => {
    stub.requests += 1;
    request.resume();
    const url = new URL(request.url ?? '/', 'http://stub');
    const answer = (status, body) => {
      response.writeHead(status, { 'Content-Type': 'application/fhir+json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || !url.pathname.startsWith('/fhir/')) {
      return answer(404, { resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
    }
    const [type, id] = url.pathname.slice('/fhir/'.length).split('/');
    if (type === 'metadata') {
      return answer(200, { resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
    }
    if (id) return answer(200, { ...PATIENT, resourceType: type, id });
    return answer(200, {
      resourceType: 'Bundle',
      type: 'searchset',
      total: 1,
      entry: [{ fullUrl: `${stub.baseUrl}/Patient/${PATIENT.id}`, resource: PATIENT }],
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  stub.baseUrl = `http://127.0.0.1:${server.address().port}/fhir`;
  stub.close = () => {
    server.closeAllConnections();
    return new Promise((done) => server.close(() => done()));
  };
  return stub;
}
