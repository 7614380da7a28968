export function Card({ name }: { name: string }) {
  return <p className="card">Built by {name}</p>;
}
