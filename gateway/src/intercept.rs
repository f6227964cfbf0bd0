//! The shape of the API routers' layers (authentication, the response cache): most requests
//! pass straight to the route, with nothing boxed or cloned (`axum::middleware::from_fn`
//! would box a future and clone the route for every request); the ones a layer acts on get
//! an answer that calls the route itself.

use std::convert::Infallible;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::Response;
use futures::future::{BoxFuture, Either};
use tower::{Layer, Service};

/// An intercepted request's answer.
pub type Answer = BoxFuture<'static, Result<Response, Infallible>>;

/// What a layer does with a request.
pub trait Intercept: Clone + Send + Sync + 'static {
    /// What the layer needs to act on a request (a token, a cache policy).
    type Plan: Send + 'static;

    /// `None` passes the request through untouched.
    fn plan(&self, request: &Request) -> Option<Self::Plan>;

    /// The answer to a request the layer acts on; `route` is the rest of the stack.
    fn answer<S>(&self, plan: Self::Plan, request: Request, route: S) -> Answer
    where
        S: Service<Request, Response = Response, Error = Infallible> + Send + 'static,
        S::Future: Send + 'static;
}

/// An [`Intercept`] as a tower layer.
#[derive(Clone)]
pub struct InterceptLayer<I>(pub I);

impl<I: Clone, S> Layer<S> for InterceptLayer<I> {
    type Service = Intercepted<I, S>;

    fn layer(&self, route: S) -> Self::Service {
        Intercepted {
            interceptor: self.0.clone(),
            route,
        }
    }
}

#[derive(Clone)]
pub struct Intercepted<I, S> {
    interceptor: I,
    route: S,
}

impl<I, S> Service<Request> for Intercepted<I, S>
where
    I: Intercept,
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<S::Future, Answer>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.route.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let Some(plan) = self.interceptor.plan(&request) else {
            return Either::Left(self.route.call(request));
        };
        // The route made ready is the one the answer calls; a fresh clone stays here.
        let fresh = self.route.clone();
        let route = std::mem::replace(&mut self.route, fresh);
        Either::Right(self.interceptor.answer(plan, request, route))
    }
}
