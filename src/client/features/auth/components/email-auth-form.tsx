import { zodResolver } from "@hookform/resolvers/zod";
import {
  type LoginRequest,
  LoginSchema,
  type RegisterRequest,
  RegisterSchema,
  type User,
} from "@shared/schemas/auth";
import { type FieldValues, type Path, type UseFormSetError, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api";
import { useLogin } from "../api/login";
import { useRegister } from "../api/register";

export type EmailMode = "login" | "signup";

/** Puts the server's per-field messages (e.g. 409 'Email already registered') under the inputs. */
function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  if (!(err instanceof ApiError) || !err.fields) return;
  for (const name of fields) {
    const message = err.fields[name];
    if (message) setError(name, { type: "server", message });
  }
}

function failureToast(err: unknown) {
  toast({
    title: "Authentication failed",
    description: errorMessage(err, "Authentication failed"),
    variant: "destructive",
  });
}

function LoginForm({ onDone }: { onDone: (user: User) => void }) {
  const login = useLogin();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { user } = await login.mutateAsync(values);
      toast({ title: "Welcome back!", variant: "success" });
      onDone(user);
    } catch (err) {
      applyFieldErrors(err, ["email", "password"], form.setError);
      failureToast(err);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register("email")} />
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </Field>
      <Button type="submit" variant="primary" disabled={login.isPending}>
        {login.isPending ? <Spinner className="size-4" /> : null}
        Log In
      </Button>
    </form>
  );
}

function SignUpForm({ onDone }: { onDone: (user: User) => void }) {
  const registerUser = useRegister();
  const form = useForm<RegisterRequest>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { username: "", email: "", password: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { user } = await registerUser.mutateAsync(values);
      toast({ title: "Account created successfully!", variant: "success" });
      onDone(user);
    } catch (err) {
      applyFieldErrors(err, ["username", "email", "password"], form.setError);
      failureToast(err);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Username" error={errors.username?.message} required>
        <Input autoComplete="username" placeholder="yourname" {...form.register("username")} />
      </Field>
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register("email")} />
      </Field>
      <Field label="Password" error={errors.password?.message} description="At least 6 characters." required>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </Field>
      <Button type="submit" variant="primary" disabled={registerUser.isPending}>
        {registerUser.isPending ? <Spinner className="size-4" /> : null}
        Create Account
      </Button>
    </form>
  );
}

/** The Email tab: a Login / Sign Up toggle over one form at a time. */
export function EmailAuthForm({
  mode,
  onModeChange,
  onDone,
}: {
  mode: EmailMode;
  onModeChange: (mode: EmailMode) => void;
  onDone: (user: User) => void;
}) {
  const option = (value: EmailMode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onModeChange(value)}
      className="h-9 flex-1 rounded-md text-sm font-medium transition-colors hover:text-foreground aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex gap-1 rounded-lg bg-muted p-1 text-muted-foreground">
        <legend className="sr-only">Login or sign up</legend>
        {option("login", "Login")}
        {option("signup", "Sign Up")}
      </fieldset>
      {mode === "login" ? <LoginForm onDone={onDone} /> : <SignUpForm onDone={onDone} />}
    </div>
  );
}
