import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../app/logo';

interface AuthCardProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The centred card shared by the sign-in and sign-up pages. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-zinc-50 px-4 py-12">
      <Link to="/story" className="mb-8">
        <Logo />
      </Link>
      <main className="w-full max-w-sm rounded-3xl border border-zinc-200 bg-white p-8 shadow-xl shadow-brand-100/50">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{title}</h1>
        <p className="mt-1 text-sm text-zinc-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </main>
      <p className="mt-6 text-sm text-zinc-600">{footer}</p>
    </div>
  );
}
