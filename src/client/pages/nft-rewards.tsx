// Placeholder until its issue lands this page (owner listed in the team brief).
export default function Page() {
  return <main className="p-8">This page is being built.</main>;
}
